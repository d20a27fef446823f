import type { CrmPasswordResponse } from '@zaymo/contract';
import { useMemo } from 'react';

type Props = { enrollment: NonNullable<CrmPasswordResponse['data']['enrollment']> };

/** The secret in groups of four, as authenticator apps show and take it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The first sign-in: connect an authenticator app by the QR code or by typing the secret. */
export function Enrollment({ enrollment }: Props) {
  const qr = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrollment.qr_svg)}`,
    [enrollment.qr_svg],
  );
  return (
    <div className="enrollment">
      <h2>Подключите приложение-аутентификатор</h2>
      <p>
        Вход в консоль — по паролю и коду из приложения (Яндекс Ключ, Google Authenticator и
        подобные). Отсканируйте QR-код приложением или введите в нём ключ вручную, затем введите
        код, который оно покажет.
      </p>
      <img
        className="enrollment__qr"
        src={qr}
        width={200}
        height={200}
        alt="QR-код для приложения-аутентификатора"
      />
      <p>
        Ключ для ввода вручную:{' '}
        <code className="enrollment__secret">{grouped(enrollment.secret)}</code>
      </p>
    </div>
  );
}
