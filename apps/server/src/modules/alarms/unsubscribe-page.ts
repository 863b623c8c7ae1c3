import type { Language } from '@teplo/domain'

type PageText = { title: string; text: string }

/** The one-click unsubscribe pages in each language: done (in the account's language) or a bad link. */
const UNSUBSCRIBE_PAGES: Record<Language, { done: PageText; badLink: PageText }> = {
  uk: {
    done: {
      title: 'Ви відписалися від листів',
      text: 'Листів про тривоги котла більше не буде. Сповіщення в застосунку лишаються; увімкнути листи знову можна в налаштуваннях облікового запису.',
    },
    badLink: {
      title: 'Посилання недійсне',
      text: 'Це посилання для відписки застаріле або пошкоджене. Вимкнути листи можна в налаштуваннях облікового запису.',
    },
  },
  en: {
    done: {
      title: 'You have unsubscribed from the e-mails',
      text: 'There will be no more e-mails about boiler alarms. Notifications in the app stay; you can turn the e-mails back on in your account settings.',
    },
    badLink: {
      title: 'The link is not valid',
      text: 'This unsubscribe link is out of date or damaged. You can turn the e-mails off in your account settings.',
    },
  },
}

/** The detail of a bad link's JSON:API error (the API's refusals are Ukrainian). */
export const BAD_UNSUBSCRIBE_LINK_DETAIL = UNSUBSCRIBE_PAGES.uk.badLink.text

const page = (language: Language, { title, text }: PageText) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${title}</h1><p>${text}</p></body></html>`

export const unsubscribedPage = (language: Language) => page(language, UNSUBSCRIBE_PAGES[language].done)
export const badUnsubscribeLinkPage = (language: Language) =>
  page(language, UNSUBSCRIBE_PAGES[language].badLink)
