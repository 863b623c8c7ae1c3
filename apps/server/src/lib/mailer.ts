import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  /** Extra headers (List-Unsubscribe …). */
  headers?: Record<string, string>
  /** A fixed Message-ID, so that a message sent again is recognisable as the same one. */
  messageId?: string
}

export type SentMail = { messageId: string; file?: string }

export interface Mailer {
  readonly mode: 'smtp' | 'file'
  send(message: MailMessage): Promise<SentMail>
  close(): void
}

export type MailerOptions = {
  smtpUrl: string | undefined
  from: string
  // Where messages are written as .eml files when no SMTP server is configured.
  mailDir: string
  log: FastifyBaseLogger
}

export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0]
}

function mailFileName(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`
}

// SMTP when configured; otherwise each message becomes an .eml file so a fresh install still "sends" mail.
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, mailDir, log } = options
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message })
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent')
        return { messageId: info.messageId }
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    mode: 'file',
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      await fs.mkdir(mailDir, { recursive: true })
      const file = path.join(mailDir, mailFileName())
      await fs.writeFile(file, info.message as Buffer)
      log.info({ to: message.to, subject: message.subject, file }, 'mail written')
      // A link may carry a secret (a password reset): only at debug level, for local development.
      log.debug({ file, link: firstLink(message.text) }, 'mail link')
      return { messageId: info.messageId, file }
    },
    close: () => transport.close(),
  }
}
