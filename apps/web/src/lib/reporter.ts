/** Where call errors go besides the caller (spec §8). A no-op until a real reporter is set. */
export type ErrorReporter = (error: unknown) => void;

const noopReporter: ErrorReporter = () => undefined;
let currentReporter: ErrorReporter = noopReporter;

export function setErrorReporter(reporter: ErrorReporter | null): void {
  currentReporter = reporter ?? noopReporter;
}

export function reportError(error: unknown): void {
  try {
    currentReporter(error);
  } catch {
    // A broken reporter must never hide the original error from the caller.
  }
}
