// Development: the server with hot reload (tsx watch) on :3000 and Vite's dev server on :5173,
// which proxies /api and /sandbox to the server. Open http://localhost:5173; the operator console's
// own Vite server is on :5174 (http://localhost:5174/crm/).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@zaymo/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@zaymo/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@zaymo/crm'], { stdio: 'inherit' }),
];

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
for (const child of children) child.on('exit', stopAll);
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
