import { useCallback, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sendGuestSms, type SmsSent } from '../api/sms';

type GuestPurpose = 'signup' | 'signin' | 'reset';
type LastSent = { phone: string; deadline: number };

/**
 * Sends guest codes for a phone: `send` for the phone step, `resend` for the code step's
 * «send again». Coming back to the same phone before the resend delay is over does not send
 * again (the server would refuse): the code already sent is still valid.
 */
export function useGuestCodeSender(purpose: GuestPurpose) {
  const lastSent = useRef<LastSent | null>(null);
  const resend = useCallback(
    async (phone: string): Promise<number> => {
      const sent = await sendGuestSms(phone, purpose);
      lastSent.current = { phone, deadline: Date.now() + sent.resendAfter * 1000 };
      return sent.resendAfter;
    },
    [purpose],
  );
  const send = useMutation({
    mutationFn: async (phone: string): Promise<SmsSent> => {
      const previous = lastSent.current;
      const left = previous?.phone === phone ? secondsUntil(previous.deadline) : 0;
      return { resendAfter: left > 0 ? left : await resend(phone) };
    },
  });
  return { send, resend };
}

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}
