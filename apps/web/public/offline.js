// The offline page (served by the service worker in place of a page that could not load) tries the same address
// again when asked, and by itself as soon as the device is back online.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload())
window.addEventListener('online', () => window.location.reload())
