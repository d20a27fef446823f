// `react-dom/client` of the production build. preact/compat's `createRoot(…).render` empties the
// container first, as React does; the prerendered pages (/, /signin: build/prerender.ts) would
// then lose their markup at start-up and the browser would lay out and paint the page anew, a
// long task and a second paint of its largest text. Preact's own `render` diffs against the
// markup instead: it takes the elements and texts that match, sets every attribute and listener
// as the app renders them (so `inert` leaves the held forms) and replaces what differs.
import { render, type ComponentChild } from 'preact';
// preact/compat's hooks into preact (events, refs, …) are installed by importing it.
import 'preact/compat';

export { hydrateRoot } from 'preact/compat/client';

export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
