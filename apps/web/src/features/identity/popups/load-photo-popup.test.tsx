import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { mockIdentityApi } from '../testing/identity-api';
import { LoadPhotoPopup } from './load-photo-popup';

/** A stand-in for XMLHttpRequest that the test drives: progress, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  url = '';
  body: FormData | null = null;

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {}
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const uploaded = {
  data: {
    file: {
      id: 7,
      kind: 'selfie',
      content_type: 'image/png',
      size: 4,
      width: 1,
      height: 1,
      created_at: '2026-01-10T10:00:00.000Z',
    },
  },
};

function renderPopup(onClose = vi.fn()) {
  renderWithQuery(
    <LoadPhotoPopup onReady={vi.fn()} onClose={onClose} data={{ kind: 'selfie' }} titleId="t" />,
  );
  return onClose;
}

function png(name = 'selfie.png', size?: number, type = 'image/png'): File {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  mockIdentityApi();
});

describe('loadPhoto popup', () => {
  it('shows the chosen photo, then the real upload progress, then closes', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const onClose = renderPopup();
    expect(screen.getByRole('heading', { name: 'Селфи с паспортом' })).toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('photo-file-input'), png());
    expect(screen.getByRole('img', { name: /Предпросмотр/ })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить' }));

    const request = FakeXhr.last;
    expect(request?.url).toBe('/api/files/validate');
    expect(request?.headers.Authorization).toBe(`Bearer ${VALID_TOKEN}`);
    expect(request?.body?.get('kind')).toBe('selfie');
    expect(request?.body?.get('file')).toBeInstanceOf(File);

    act(() => request?.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Загрузка фото' });
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByText('40 %')).toBeInTheDocument();

    act(() => request?.progress(100, 100));
    expect(screen.getByText('100 %')).toBeInTheDocument();
    act(() => request?.respond(200, uploaded));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal and lets the client retake', async () => {
    renderPopup();
    await userEvent.upload(screen.getByTestId('photo-file-input'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить' }));

    act(() => FakeXhr.last?.respond(422, { message: 'Это не изображение JPEG, PNG или WebP' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Это не изображение JPEG, PNG или WebP',
    );
    expect(screen.getByRole('button', { name: 'Переснять' })).toBeEnabled();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    renderPopup();

    await userEvent.upload(
      screen.getByTestId('photo-file-input'),
      png('big.png', MAX_UPLOAD_BYTES + 1),
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Файл больше 10 МБ');
    expect(screen.queryByRole('button', { name: 'Загрузить' })).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('refuses what is not a JPEG, PNG or WebP photo', async () => {
    renderPopup();

    await userEvent.upload(
      screen.getByTestId('photo-file-input'),
      png('scan.pdf', 100, 'application/pdf'),
      { applyAccept: false },
    );

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Нужна фотография в формате JPEG, PNG или WebP',
    );
  });

  it('offers the camera and the file chooser', () => {
    renderPopup();

    expect(screen.getByTestId('photo-camera-input')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('photo-camera-input')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp',
    );
    expect(screen.getByRole('button', { name: 'Сфотографировать' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать файл' })).toBeInTheDocument();
  });
});
