// The parameters' rules are declared with the operations in @teplo/domain (ADR 054).
export {
  idParams,
  idSchema,
  isId,
  MAX_INT,
  positiveIntParam,
  textParam,
} from '@teplo/domain'
