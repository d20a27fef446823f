import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client } from '@zaymo/contract';
import { requestPhoneConfirmation, useConfirmPhone } from '../api/profile';
import { CodeEntryForm } from './code-entry-form';
import { PhoneForm } from './phone-form';

type PhoneChangeFlowProps = {
  client: Client;
  /** Prefill the client's current phone (confirming it) or leave empty (a new one). */
  prefill: 'current' | 'empty';
  submitLabel?: string;
  phoneLabel?: string;
  onDone: (phone: string) => void;
};

type Sent = { phone: string; resendAfter: number };

/**
 * Confirm or change the phone: the number → a code to it (phone-confirmation/request) → the
 * code (phone-confirmation/confirm). The client and the session phone are updated.
 */
export function PhoneChangeFlow(props: PhoneChangeFlowProps) {
  const { client, prefill, submitLabel, phoneLabel, onDone } = props;
  const { t } = useTranslation('accounts');
  const confirm = useConfirmPhone();
  const [sent, setSent] = useState<Sent | null>(null);
  const [phone, setPhone] = useState(prefill === 'current' ? client.phone : '');
  const request = (target: string) =>
    requestPhoneConfirmation({ clientId: client.id, phone: target });
  if (!sent) {
    const sendCode = async (target: string) => {
      setPhone(target);
      const { resendAfter } = await request(target);
      setSent({ phone: target, resendAfter });
    };
    return (
      <PhoneForm
        initialPhone={phone}
        submitLabel={submitLabel ?? t('code.get')}
        label={phoneLabel}
        onSubmit={sendCode}
      />
    );
  }
  return (
    <CodeEntryForm
      phone={sent.phone}
      resendAfter={sent.resendAfter}
      onResend={async () => (await request(sent.phone)).resendAfter}
      onSubmit={async (code) => {
        await confirm.mutateAsync({ clientId: client.id, phone: sent.phone, code });
        onDone(sent.phone);
      }}
      submitLabel={t('phone.confirm')}
      onChangePhone={() => setSent(null)}
    />
  );
}
