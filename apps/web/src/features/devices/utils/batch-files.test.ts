import { describe, expect, it } from 'vitest'
import { credentialsCsv, parseSerialList } from './batch-files'

describe('parseSerialList', () => {
  it('reads lines, commas and spaces, skips words, keeps order and leading zeros', () => {
    expect(parseSerialList('100001\n100002, 100003\n  0100004 100005\r\n\nсерійний номер')).toEqual([
      '100001',
      '100002',
      '100003',
      '0100004',
      '100005',
    ])
  })

  it("takes a CSV row's first field and skips its header", () => {
    expect(parseSerialList('serial;batch\n"200001";A\n200002;B\n')).toEqual(['200001', '200002'])
  })
})

describe('credentialsCsv', () => {
  it('writes one row per controller with its client id, for Excel (BOM, semicolons)', () => {
    const csv = credentialsCsv(
      [
        {
          type: 'device-credentials',
          id: '300001',
          attributes: {
            username: '300001',
            password: 'p;w"1',
            topic_prefix: 'teplo/v1/devices/300001',
            broker: { url: 'mqtts://broker.example:8883', host: 'broker.example', port: 8883, tls: true },
          },
        },
      ],
      { serial: 'S', username: 'U', password: 'P', clientId: 'C', topicPrefix: 'T', broker: 'B' },
    )
    expect(csv).toBe(
      '\uFEFFS;U;P;C;T;B\r\n300001;300001;"p;w""1";teplo-300001;teplo/v1/devices/300001;mqtts://broker.example:8883\r\n',
    )
  })
})
