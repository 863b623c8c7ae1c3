import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so'
export const ADMIN = { username: 'admin', password: 'dynsec-admin-password' }
export const SERVER = { username: 'teplo-server', password: 'teplo-server-password' }

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Stops a broker the test started (SIGTERM) and waits for it to exit. */
async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await exited
}

export async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * A private Mosquitto with the dynamic security plugin, set up exactly as docs/operations.md says: the dynsec
 * file initialised by mosquitto_ctrl, then the server's own account and role created over the admin account.
 */
export class PrivateMosquitto {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'teplo-dynsec-'))
  private process: ChildProcess | null = null
  port = 0

  get serverUrl(): string {
    return `mqtt://${SERVER.username}:${SERVER.password}@127.0.0.1:${this.port}`
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  /** Writes the config and the dynsec file (broker not started). */
  async prepare(): Promise<void> {
    this.port = await freePort()
    const dynsec = path.join(this.dir, 'dynamic-security.json')
    await run('mosquitto_ctrl', ['dynsec', 'init', dynsec, ADMIN.username, ADMIN.password])
    writeFileSync(
      path.join(this.dir, 'mosquitto.conf'),
      [
        `listener ${this.port} 127.0.0.1`,
        'allow_anonymous false',
        `plugin ${DYNSEC_PLUGIN}`,
        `plugin_opt_config_file ${dynsec}`,
        'persistence true',
        `persistence_location ${this.dir}/`,
        'max_packet_size 65536',
        // Run as whoever runs the tests (Mosquitto started as root would switch to the mosquitto user).
        `user ${userInfo().username}`,
        '',
      ].join('\n'),
    )
  }

  async start(): Promise<void> {
    this.process = spawn('mosquitto', ['-c', path.join(this.dir, 'mosquitto.conf')], { stdio: 'ignore' })
    await listening(this.port, 10_000)
  }

  /** The server's account: static, created once by the operator (docs/operations.md). */
  async createServerAccount(): Promise<void> {
    await this.ctrl('createRole', 'teplo-server')
    for (const [type, topic] of [
      ['publishClientSend', 'teplo/v1/devices/+/settings/desired'],
      ['publishClientSend', 'teplo/v1/devices/+/ota/desired'],
      ['publishClientSend', 'teplo/v1/devices/+/capabilities'],
      ['publishClientSend', 'teplo/v1/devices/link-check/status'],
      ['publishClientReceive', 'teplo/v1/devices/#'],
      ['subscribePattern', 'teplo/v1/devices/#'],
      ['subscribePattern', '$share/+/teplo/v1/devices/#'],
    ] as const) {
      await this.ctrl('addRoleACL', 'teplo-server', type, topic, 'allow')
    }
    await this.ctrl('createClient', SERVER.username, '-p', SERVER.password)
    await this.ctrl('addClientRole', SERVER.username, 'teplo-server')
    // The dynsec admin role: $CONTROL/dynamic-security/# to provision devices.
    await this.ctrl('addClientRole', SERVER.username, 'admin')
  }

  async ctrl(...args: string[]): Promise<string> {
    const { stdout } = await run('mosquitto_ctrl', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-u',
      ADMIN.username,
      '-P',
      ADMIN.password,
      'dynsec',
      ...args,
    ])
    return stdout
  }

  /** SIGSTOP pauses the broker (connections stay open, nothing is answered), SIGCONT resumes it. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void {
    this.process?.kill(signal)
  }

  async stop(): Promise<void> {
    await stopProcess(this.process)
    this.process = null
  }

  async remove(): Promise<void> {
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * A plain private Mosquitto (anonymous clients, no persistence): someone's own broker, as Home Assistant users
 * run it. Optionally with one user name and password (a password file made with mosquitto_passwd).
 */
export class PlainMosquitto {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'teplo-mosquitto-'))
  private process: ChildProcess | null = null
  port = 0

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`
  }

  async start(login?: { username: string; password: string }): Promise<void> {
    this.port = await freePort()
    const lines = [`listener ${this.port} 127.0.0.1`, `user ${userInfo().username}`]
    if (login) {
      const file = path.join(this.dir, 'passwords')
      await run('mosquitto_passwd', ['-c', '-b', file, login.username, login.password])
      lines.push('allow_anonymous false', `password_file ${file}`)
    } else {
      lines.push('allow_anonymous true')
    }
    writeFileSync(path.join(this.dir, 'mosquitto.conf'), `${lines.join('\n')}\n`)
    await this.restart()
  }

  /** Started again on the same port (after stop): retained messages are gone, as with no persistence. */
  async restart(): Promise<void> {
    this.process = spawn('mosquitto', ['-c', path.join(this.dir, 'mosquitto.conf')], { stdio: 'ignore' })
    await listening(this.port, 10_000)
  }

  async stop(): Promise<void> {
    await stopProcess(this.process)
    this.process = null
  }

  async remove(): Promise<void> {
    await this.stop()
    rmSync(this.dir, { recursive: true, force: true })
  }
}
