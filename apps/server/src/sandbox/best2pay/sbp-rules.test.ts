import { describe, expect, it } from 'vitest';
import { sbpPhoneOutcome } from './sbp-rules';

describe('sandbox СБП rules', () => {
  it('decides a payout by the phone’s last two digits; any other phone is paid', () => {
    expect(sbpPhoneOutcome('79161234591')).toBe('notFound');
    expect(sbpPhoneOutcome('79161234593')).toBe('decline');
    expect(sbpPhoneOutcome('79161234594')).toBe('answerLost');
    expect(sbpPhoneOutcome('79161234595')).toBe('lateConfirmation');
    expect(sbpPhoneOutcome('79161234567')).toBe('approve');
  });
});
