import { type Language, type MessageKey, msg, translateMessage } from '@teplo/domain'

type PageText = { title: MessageKey; text: MessageKey }

/** The one-click unsubscribe pages: done (in the account's language) or a bad link. */
const DONE: PageText = { title: 'server.unsubscribe.doneTitle', text: 'server.unsubscribe.doneText' }
const BAD_LINK: PageText = {
  title: 'server.unsubscribe.badLinkTitle',
  text: 'server.unsubscribe.badLinkText',
}

/** The detail of a bad link's JSON:API error (rendered in the request's language like every detail). */
export const BAD_UNSUBSCRIBE_LINK_DETAIL = msg(BAD_LINK.text)

const page = (language: Language, { title, text }: PageText) => {
  const heading = translateMessage(msg(title), language)
  const body = translateMessage(msg(text), language)
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${heading}</h1><p>${body}</p></body></html>`
}

export const unsubscribedPage = (language: Language) => page(language, DONE)
export const badUnsubscribeLinkPage = (language: Language) => page(language, BAD_LINK)
