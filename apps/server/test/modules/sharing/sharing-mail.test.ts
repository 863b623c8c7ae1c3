import { ACCESS_LEVELS, LANGUAGES } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { accessGrantedMail, invitationMail } from '../../../src/modules/sharing/sharing-mail.ts'

// A sender and a device named with every character HTML gives a meaning to.
const from = `A & <b>"x"</b> 'y'`
const link = 'http://teplo.test/invitations/accept?token=a&b="c"'

describe('the sharing e-mails', () => {
  it('offer a level in the recipient’s language, the values escaped only in the HTML part', () => {
    const offer = {
      to: 't@x.ua',
      from,
      itemName: 'Котел <1> & "2"',
      access: 'operator',
      language: 'uk',
    } as const
    expect(invitationMail(offer, link, 7)).toEqual({
      to: 't@x.ua',
      subject: 'Teplo: запрошення до котла',
      text: [
        'Вітаємо!',
        '',
        `A & <b>"x"</b> 'y' запрошує вас до котла «Котел <1> & "2"» з доступом «Керування» (бачить котел, змінює налаштування, вмикає і вимикає).`,
        'Щоб прийняти, відкрийте посилання (воно діє 7 днів і лише один раз). Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею — і запрошення буде прийнято:',
        'http://teplo.test/invitations/accept?token=a&b="c"',
        '',
        'Якщо ви не чекали цього листа, просто проігноруйте його.',
      ].join('\n'),
      html: [
        '<p>Вітаємо!</p>',
        '<p>A &#38; &#60;b&#62;&#34;x&#34;&#60;/b&#62; &#39;y&#39; запрошує вас до котла «Котел &#60;1&#62; &#38; &#34;2&#34;» з доступом «Керування» (бачить котел, змінює налаштування, вмикає і вимикає).</p>',
        '<p><a href="http://teplo.test/invitations/accept?token=a&#38;b=&#34;c&#34;">Прийняти запрошення</a></p>',
        '<p>Посилання діє 7 днів і лише один раз. Якщо облікового запису Teplo на цю адресу ще немає, зареєструйтеся з нею.</p>',
        '<p>Якщо ви не чекали цього листа, просто проігноруйте його.</p>',
      ].join('\n'),
    })
  })

  it('tell an account in English that it got access', () => {
    const offer = {
      to: 't@x.ua',
      from,
      itemName: "Котел <1> & '2'",
      access: 'operator',
      language: 'en',
    } as const
    expect(accessGrantedMail(offer, 'http://teplo.test')).toEqual({
      to: 't@x.ua',
      subject: 'Teplo: you have been given access to a boiler',
      text: [
        'Hello!',
        '',
        `A & <b>"x"</b> 'y' gave you “Control” access to the boiler “Котел <1> & '2'”.`,
        'The boiler is already in your list of devices:',
        'http://teplo.test/dashboards',
      ].join('\n'),
      html: [
        '<p>Hello!</p>',
        '<p>A &#38; &#60;b&#62;&#34;x&#34;&#60;/b&#62; &#39;y&#39; gave you “Control” access to the boiler “Котел &#60;1&#62; &#38; &#39;2&#39;”.</p>',
        '<p><a href="http://teplo.test/dashboards">Open Teplo</a></p>',
      ].join('\n'),
    })
  })

  it('never show a message key, for any level in either language', () => {
    for (const language of LANGUAGES) {
      for (const access of ACCESS_LEVELS) {
        const offer = { to: 't@x.ua', from: 'Olena', itemName: 'Boiler', access, language }
        for (const mail of [invitationMail(offer, link, 7), accessGrantedMail(offer, 'http://teplo.test')]) {
          expect(Object.values(mail).join('\n')).not.toMatch(/\b(server|labels)\.[a-z]/)
        }
      }
    }
  })
})
