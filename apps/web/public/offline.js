// The offline page (served by the service worker in place of a page that could not load) tries the same address
// again when asked, and by itself once the device is back online and the server answers: the first requests
// after the 'online' event can still fail, and a reload that fails only shows this page again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload())

// In English when this browser chose English (lib/i18n.ts keeps the choice as 'teplo.language'); the page's
// markup is Ukrainian, the default. Runs at the end of the body, before the first paint.
const ENGLISH = {
  title: 'No connection — Teplo',
  heading: 'No internet connection',
  text: "Teplo cannot reach the server, so the boiler's state is not known right now. The boiler keeps running on its settings. Check your mobile data or Wi-Fi and try again.",
  retry: 'Try again',
}
try {
  if (localStorage.getItem('teplo.language') === 'en') {
    document.documentElement.lang = 'en'
    document.title = ENGLISH.title
    for (const id of ['heading', 'text', 'retry']) {
      const element = document.getElementById(id)
      if (element) element.textContent = ENGLISH[id]
    }
  }
} catch {
  // No storage: the page stays Ukrainian.
}

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
