// The offline page (served by the service worker in place of a page that could not load) tries the same address
// again when asked, and by itself once the device is back online and the server answers: the first requests
// after the 'online' event can still fail, and a reload that fails only shows this page again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload())

let waiting = false
async function reloadWhenReachable() {
  if (waiting) return
  waiting = true
  for (let pause = 250; navigator.onLine; pause = Math.min(pause * 2, 5000)) {
    try {
      const answer = await fetch('/health', { cache: 'no-store' })
      if (answer.ok) {
        window.location.reload()
        return
      }
    } catch {
      // Not yet: the connection is not carrying requests again.
    }
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
  waiting = false
}
window.addEventListener('online', () => void reloadWhenReachable())
