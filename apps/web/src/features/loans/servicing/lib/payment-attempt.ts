/**
 * One Idempotency-Key per payment attempt: the same request sent again (a lost answer, a double
 * click) carries the same key and the server charges once. The attempt ends with an answer or a
 * definite refusal; a different request (another amount, type or card) is a new attempt.
 */
export class PaymentAttempt {
  private key: string | null = null;
  private fingerprint: string | null = null;

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request, (_name, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    if (this.key === null || this.fingerprint !== fingerprint) {
      this.key = crypto.randomUUID();
      this.fingerprint = fingerprint;
    }
    return this.key;
  }

  end(): void {
    this.key = null;
    this.fingerprint = null;
  }
}
