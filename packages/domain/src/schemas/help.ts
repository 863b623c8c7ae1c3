import { z } from 'zod'
import { msg } from '../i18n/message'
import { requiredText } from './fields'

export const helpRequestSchema = z.object({
  name: requiredText(msg('validation.help.nameRequired'), {
    length: 100,
    message: msg('validation.account.nameTooLong'),
  }),
  problem: requiredText(
    msg('validation.help.problemRequired'),
    { length: 5000, message: msg('validation.help.problemTooLong') },
    { multiline: true },
  ),
})

export type HelpRequestInput = z.input<typeof helpRequestSchema>
export type HelpRequestData = z.infer<typeof helpRequestSchema>
