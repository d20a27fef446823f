import { options } from 'preact';

/**
 * Effect timing of the unit tests: React runs passive effects (useEffect) right after a commit
 * (at once inside `act`); preact waits for the next animation frame, which jsdom fakes with a
 * timer, so a test that checks an effect's work right after `findBy…` would see it a frame late,
 * and fake timers would hold it back. A microtask keeps the order of renders and effects the
 * tests were written against, without per-test waits. The production build keeps preact's
 * frame timing.
 */
options.requestAnimationFrame = (flush) => {
  queueMicrotask(flush);
};
