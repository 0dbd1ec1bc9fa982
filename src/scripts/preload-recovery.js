// When a code chunk fails to load (a deployment replaced it, the network dropped), reload the
// page once to fetch the current chunks. If the page fails again within a minute, the reload
// did not help: let the error through instead of looping. A chunk that loads but throws (an
// optional module left out of the build) is not a load failure: its caller handles the error.
(function () {
  var KEY = 'gs:chunk-reload-at';
  var WINDOW_MS = 60000;
  var CHUNK_ERROR =
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

  function isLoadFailure(error) {
    return CHUNK_ERROR.test(error && error.message ? error.message : String(error));
  }

  function reloadOnce(event) {
    var last = Number(sessionStorage.getItem(KEY) || 0);
    if (Date.now() - last < WINDOW_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
    if (event && event.preventDefault) event.preventDefault();
    location.reload();
    return true;
  }

  window.addEventListener('vite:preloadError', function (event) {
    if (!isLoadFailure(event.payload)) return;
    if (!reloadOnce(event)) throw event.payload || new Error('Échec du chargement d’un module.');
  });
  // Astro islands retry a failed import once themselves, then report it with this event.
  window.addEventListener('astro:hydration-error', function (event) {
    var error = event.detail && event.detail.error;
    if (!isLoadFailure(error)) return;
    if (!reloadOnce(event)) throw error;
  });
  window.addEventListener('unhandledrejection', function (event) {
    if (isLoadFailure(event.reason)) reloadOnce(event);
  });
})();
