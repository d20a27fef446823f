/* global window, document, PerformanceObserver, setTimeout */
// A prerendered page (/, /signin; apps/web/build/prerender.ts) paints from its HTML alone. Its
// module scripts are listed there inertly and start here, once that first paint is on the
// screen, so neither their bytes nor their work delay it (Lighthouse mobile FCP 0.7 s against
// 2.0 s when they load at once: withScriptsAfterPaint there). A classic deferred script: the CSP
// allows no inline script, and this one runs after the HTML is parsed.
(function () {
  var HELD = 'x-after-paint';

  /**
   * Steps that each insert a live copy of one held element (a module preload, the module entry)
   * into the head: inserting one starts its request, a few milliseconds apiece.
   */
  function revivals(selector, tag, address, kind) {
    return Array.prototype.map.call(document.querySelectorAll(selector), function (held) {
      return function () {
        var element = document.createElement(tag);
        kind(element);
        element.crossOrigin = '';
        element[address] = held.getAttribute(address);
        document.head.appendChild(element);
      };
    });
  }

  /**
   * One step a task while the page is on screen: all of them at once made one long task right
   * after the first paint. A hidden page (opened in a background tab) takes them all at once: its
   * timers may wait a second each, and no frame is waiting on its main thread.
   */
  function oneATask(steps) {
    if (document.visibilityState !== 'visible') {
      steps.forEach(function (step) {
        step();
      });
      return;
    }
    if (steps.length === 0) return;
    steps[0]();
    setTimeout(oneATask, 0, steps.slice(1));
  }

  function start() {
    var preloads = revivals('link[rel="' + HELD + '"]', 'link', 'href', function (link) {
      link.rel = 'modulepreload';
    });
    var entry = revivals('script[type="text/' + HELD + '"]', 'script', 'src', function (script) {
      script.type = 'module';
    });
    oneATask(preloads.concat(entry));
  }

  // The first contentful paint is reported once it is on the screen (a frame's animation
  // callbacks run before it is even drawn). A hidden tab paints nothing: start at once; so does a
  // browser that reports no paints.
  var supported = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'visible' || !supported || supported.indexOf('paint') < 0) {
    start();
    return;
  }
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    observer.disconnect();
    setTimeout(start, 0);
  }
  var observer = new PerformanceObserver(function (list) {
    var painted = list.getEntries().some(function (entry) {
      return entry.name === 'first-contentful-paint';
    });
    if (painted) startOnce();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState !== 'visible') startOnce();
  });
})();
