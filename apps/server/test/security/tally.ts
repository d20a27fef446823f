/**
 * The security suite's score card: each class of attack counts what it tried and what got
 * through, and prints one line per class when its file ends («tried 40, got through 0»).
 */
export class AttackTally {
  private readonly classes = new Map<string, { tried: number; through: string[] }>();

  /** Records one attempt; `held` is false when the attack got through (described by `what`). */
  record(attackClass: string, what: string, held: boolean): void {
    const entry = this.classes.get(attackClass) ?? { tried: 0, through: [] };
    entry.tried += 1;
    if (!held) entry.through.push(what);
    this.classes.set(attackClass, entry);
  }

  through(attackClass: string): string[] {
    return this.classes.get(attackClass)?.through ?? [];
  }

  print(): void {
    for (const [name, { tried, through }] of this.classes) {
      process.stdout.write(
        `[security] ${name}: attempted ${tried}, got through ${through.length}\n`,
      );
    }
  }
}
