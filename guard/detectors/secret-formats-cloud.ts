// Secret formats: cloud providers' keys by their documented prefix and body (Alibaba Cloud access key
// ids, Cloudflare origin CA keys, Yandex Cloud IAM tokens and API keys).
import type { SecretPattern } from './secret-patterns.js';
import { format as f, prefixedGroup } from './secret-formats-group.js';
import { r3, r35 } from './secret-validators.js';

/** Cloud providers' distinctive key shapes. */
export const CLOUD_PATTERNS: readonly SecretPattern[] = [
  prefixedGroup('cloud_key', [
    f('alibaba_access_key_id', 'LTAI[A-Za-z0-9]{12,20}', r35),
    f('cloudflare_origin_ca_key', 'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}', r3),
    // Yandex Cloud IAM tokens and API keys
    f(
      'yandex_token',
      '(?:t1\\.[A-Za-z0-9_-]{10,200}={0,2}\\.[A-Za-z0-9_-]{86}={0,2}|AQVN[A-Za-z0-9_-]{35,38})',
      r35,
    ),
  ]),
];
