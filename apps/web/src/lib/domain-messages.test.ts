import { loginSchema, msg, msgList } from '@teplo/domain'
import { describe, expect, it } from 'vitest'
import { domainMessage } from './domain-messages'
import { setLanguage } from './i18n'

const messageOf = (input: unknown) => loginSchema.safeParse(input).error?.issues[0]?.message

describe('domainMessage', () => {
  it("shows the domain's Ukrainian messages as they are on Ukrainian screens", () => {
    expect(domainMessage(messageOf({ email: '', password: 'long-enough' }))).toBe("Email обов'язковий!")
  })

  it('shows them in English once English is chosen, templates and several stored as one included', async () => {
    await setLanguage('en')
    expect(domainMessage(messageOf({ email: 'nobody', password: 'long-enough' }))).toBe(
      'Must be a valid email!',
    )
    const range = msg('validation.field.range', { min: 30, max: 85 })
    expect(domainMessage(range)).toBe('The value must be from 30 to 85')
    // A stored refusal whose reason is a message itself.
    expect(domainMessage(msg('labels.sync.refused', { reason: range }))).toBe(
      'Refused: The value must be from 30 to 85',
    )
    // Several as one, each part in English.
    const several = msgList([range, msg('validation.field.multipleOf', { step: 0.5 })], 500)
    expect(domainMessage(several)).toBe(
      'The value must be from 30 to 85; The value must be a multiple of 0.5',
    )
    // A name or a controller's own words are not messages of ours.
    expect(domainMessage('Котел на дачі')).toBe('Котел на дачі')
    expect(domainMessage(null)).toBeNull()
    expect(domainMessage(undefined)).toBeUndefined()
  })
})
