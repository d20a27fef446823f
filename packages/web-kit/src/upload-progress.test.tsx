// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';

afterEach(cleanup);

describe('UploadProgress', () => {
  it('is a progress bar named by what is sent, at the percent gone', () => {
    render(<UploadProgress percent={42} label="Отправка файлов" />);
    const bar = screen.getByRole('progressbar', { name: 'Отправка файлов' });
    expect(bar).toHaveAttribute('value', '42');
    expect(bar).toHaveAttribute('max', '100');
  });

  it('shows the percent beside the bar in the Russian way, a space before the sign', () => {
    const { container } = render(<UploadProgress percent={7} label="Отправка фото" />);
    expect(container.textContent).toBe('7\u00a0%');
  });
});
