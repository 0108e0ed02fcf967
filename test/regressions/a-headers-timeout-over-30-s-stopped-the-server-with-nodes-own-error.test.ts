/**
 * Found in review (2026-11-27): `--headers-timeout` above 30000 (its documented range goes to
 * 600000) exited with node's own message ("must be <= requestTimeout"), since the whole request's
 * time-out was a fixed 30 s. The request time-out is now never shorter than the headers'.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { get, killAllCli, runCli } from '../cli/run-cli.js'

afterEach(async () => {
  await killAllCli()
})

describe('a headers time-out longer than 30 s', () => {
  test('is taken: the command starts and answers', async () => {
    const cli = runCli(['--port', '0', '--log', 'none', '--headers-timeout', '600000'])
    const url = await cli.waitForUrl()
    expect((await get(`${url}validate`, 'sbx_user_alpha')).status).toBe(200)
  })
})
