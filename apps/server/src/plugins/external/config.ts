import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
  }
}

// The configuration, read and validated once by config.ts, for every plugin and route.
async function configPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.decorate('config', options.config)
}

export default fp(configPlugin, { name: 'teplo-config' })
