// A page opened at an #anchor glides to its section instead of jumping to it (not on back or
// reload, where the browser restores the position, and not under reduced motion).
(function () {
  if (!location.hash || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  var navigation = performance.getEntriesByType('navigation')[0];
  if (navigation && navigation.type !== 'navigate') return;
  addEventListener('DOMContentLoaded', function () {
    var target;
    try {
      target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    } catch {
      return;
    }
    if (!target) return;
    scrollTo({ top: 0, behavior: 'instant' });
    requestAnimationFrame(function () {
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });
  });
})();
