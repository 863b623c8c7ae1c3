import fs from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { UPLOADS_URL_PREFIX, uploadsRoot } from '../modules/uploads/upload-storage.ts'

// Uploaded images are served back as files; names are random and never reused, so they cache forever.
const uploadedFiles: FastifyPluginAsync = async (app) => {
  const root = uploadsRoot(app.config.dataDir)
  fs.mkdirSync(root, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    // The web app's static plugin owns reply.sendFile; this one must not decorate it again.
    decorateReply: false,
    index: false,
    list: false,
    serveDotFiles: false,
    schemaHide: true,
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable')
    },
  })
}

export default uploadedFiles
