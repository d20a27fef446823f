import { describe, expect, it } from 'vitest';
import { progressOf, STEP_NAMES, stepAfterSave } from './steps';

describe('steps', () => {
  it('are the six of the contract in order', () => {
    expect(STEP_NAMES).toEqual(['personal', 'passport', 'addresses', 'work', 'photos', 'card']);
  });

  it('reads the server step: null is the first, 7 and above complete', () => {
    expect(progressOf(null)).toBe(1);
    expect(progressOf(3)).toBe(3);
    expect(progressOf(7)).toBe(7);
    expect(progressOf(9)).toBe(7);
  });

  it('after a save goes to the next step, never past where the server is', () => {
    expect(stepAfterSave(2, 3)).toBe(3);
    expect(stepAfterSave(1, 4)).toBe(2);
    expect(stepAfterSave(2, 2)).toBe(2);
    expect(stepAfterSave(5, 7)).toBe(6);
  });
});
