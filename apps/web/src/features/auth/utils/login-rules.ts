import { zodResolver } from '@hookform/resolvers/zod'
import { type LoginData, type LoginInput, loginSchema } from '@teplo/domain'
import type { Resolver } from 'react-hook-form'

/** The sign-in form's rules: the domain's zod schema. Loaded on the first submit (see login-form.tsx). */
export const loginRules: Resolver<LoginInput, unknown, LoginData> = zodResolver(loginSchema)
