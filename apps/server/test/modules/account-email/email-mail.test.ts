import { LANGUAGES } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { addressMail } from '../../../src/modules/account-email/email-mail.ts'

// A name and an address with every character HTML gives a meaning to.
const parts = {
  name: `A & <b>"x"</b> 'y'`,
  email: `a<b>&'"@x.ua`,
  link: 'http://teplo.test/email/verify?token=a&b="c"',
  days: 3,
}

describe('the address e-mails', () => {
  it('ask to confirm an address in Ukrainian, the values escaped only in the HTML part', () => {
    expect(addressMail('verify', 'to@x.ua', parts, 'uk')).toEqual({
      to: 'to@x.ua',
      subject: 'Teplo: підтвердіть адресу електронної пошти',
      text: [
        `Вітаємо, A & <b>"x"</b> 'y'!`,
        '',
        `Підтвердіть, що адреса a<b>&'"@x.ua — ваша: відкрийте посилання (воно діє 3 днів):`,
        'http://teplo.test/email/verify?token=a&b="c"',
        '',
        'Підтверджена адреса дозволяє приймати запрошення до котлів, надіслані на неї.',
        'Якщо ви не створювали облікового запису Teplo, просто проігноруйте цей лист.',
      ].join('\n'),
      html: [
        '<p>Вітаємо, A &#38; &#60;b&#62;&#34;x&#34;&#60;/b&#62; &#39;y&#39;!</p>',
        '<p>Підтвердіть, що адреса a&#60;b&#62;&#38;&#39;&#34;@x.ua — ваша.</p>',
        '<p><a href="http://teplo.test/email/verify?token=a&#38;b=&#34;c&#34;">Підтвердити адресу</a></p>',
        '<p>Посилання діє 3 днів. Підтверджена адреса дозволяє приймати запрошення до котлів, надіслані на неї.</p>',
        '<p>Якщо ви не створювали облікового запису Teplo, просто проігноруйте цей лист.</p>',
      ].join('\n'),
    })
  })

  it('tell the old address in English about a change, with the undo link inside the sentence', () => {
    expect(addressMail('notice', 'to@x.ua', parts, 'en')).toEqual({
      to: 'to@x.ua',
      subject: 'Teplo: a change of your account address was requested',
      text: [
        `Hello, A & <b>"x"</b> 'y'!`,
        '',
        `A change of your Teplo account's address to a<b>&'"@x.ua was requested. It takes effect when the link sent to the new address is opened.`,
        'If it was not you, open the link (it works for 3 days): the change is cancelled or your address restored, and every session is signed out. Then change your password.',
        'http://teplo.test/email/verify?token=a&b="c"',
      ].join('\n'),
      html: [
        '<p>Hello, A &#38; &#60;b&#62;&#34;x&#34;&#60;/b&#62; &#39;y&#39;!</p>',
        "<p>A change of your Teplo account's address to a&#60;b&#62;&#38;&#39;&#34;@x.ua was requested. It takes effect when the link sent to the new address is opened.</p>",
        '<p>If it was not you: <a href="http://teplo.test/email/verify?token=a&#38;b=&#34;c&#34;">undo the address change</a>. The change is cancelled or your address restored, and every session is signed out. Then change your password.</p>',
        '<p>The link works for 3 days.</p>',
      ].join('\n'),
    })
  })

  it('never show a message key, for any kind in either language', () => {
    for (const language of LANGUAGES) {
      for (const kind of ['verify', 'change', 'notice'] as const) {
        const mail = addressMail(kind, 'to@x.ua', parts, language)
        expect(Object.values(mail).join('\n')).not.toMatch(/\bserver\.[a-z]/)
      }
    }
  })
})
