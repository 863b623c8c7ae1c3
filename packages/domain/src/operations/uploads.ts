import { uploadRequestSchema, uploadResponseSchema } from '../resources/account'
import { defineOperation, SIGNED_IN } from './operation'
import { idParams } from './parameters'

// Pictures, sent as multipart forms (one file in the field `attachment`); the answer is plain JSON, its address.
// Who may change the user or the device is checked by the upload itself.

const uploadProfileImage = defineOperation({
  id: 'uploadProfileImage',
  method: 'POST',
  path: '/uploads/users/{id}/profile-image',
  tag: 'uploads',
  summary: 'Upload a profile picture (multipart field attachment; JPEG, PNG, WebP or GIF up to 2 MB)',
  access: SIGNED_IN,
  params: idParams,
  bodyMediaType: 'multipart/form-data',
  body: uploadRequestSchema,
  status: 201,
  response: uploadResponseSchema,
})

const uploadItemImage = defineOperation({
  id: 'uploadItemImage',
  method: 'POST',
  path: '/uploads/items/{id}/image',
  tag: 'uploads',
  summary: "Upload a device's picture (multipart field attachment; JPEG, PNG, WebP or GIF up to 2 MB)",
  access: SIGNED_IN,
  params: idParams,
  bodyMediaType: 'multipart/form-data',
  body: uploadRequestSchema,
  status: 201,
  response: uploadResponseSchema,
})

export const uploadOperations = { uploadProfileImage, uploadItemImage }
