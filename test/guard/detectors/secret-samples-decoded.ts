// Synthetic tokens whose body decodes to a structure, each with a near-miss twin whose decoded
// structure is wrong (a missing field, another prefix, `alg: none`) or that is not base64 of one.
import type { Sample } from './secret-samples.js';
import { ALNUM, B64, B64U, D, HEX, az, type Gen, uuidOf } from './secret-sample-kit.js';

const b64 = (s: string): string => Buffer.from(s).toString('base64');
const b64u = (s: string): string => Buffer.from(s).toString('base64url');

export function decodedSamples(r: Gen): Sample[] {
  const uuid = uuidOf(r);
  const hdr = (alg: string): string => b64u(`{"alg":"${alg}","typ":"JWT"}`);
  const claims = b64u(`{"sub":"${r(D, 9)}"}`);
  const opsDoc = {
    signInAddress: 'my.1password.com',
    userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: r(B64U, 22) },
    email: `${r(az, 10)}@1passwordserviceaccounts.com`,
    srpX: r(HEX, 64),
    muk: { alg: 'A256GCM', ext: true, k: r(B64U, 43), key_ops: ['encrypt', 'decrypt'], kty: 'oct' },
    secretKey: `A3-${r(ALNUM, 6).toUpperCase()}`,
    deviceUuid: r(az + D, 26),
  };
  const bedrockUrl = (action: string): string =>
    `bedrock.amazonaws.com/?Action=${action}&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA${r('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}&X-Amz-Signature=${r(HEX, 64)}`;
  return [
    {
      kind: 'discord_bot_token',
      real: `${b64u(r('123456789', 1) + r(D, 17))}.${r(B64U, 6)}.${r(B64U, 38)}`,
      near: `${b64u(`1234${r(az, 14)}`)}.${r(B64U, 6)}.${r(B64U, 38)}`,
    },
    {
      kind: 'grafana_token',
      real: b64(`{"k":"${r(ALNUM, 32)}","n":"ci-deploy","id":${r('123456789', 1)}}`),
      near: b64(`{"k":"${r(ALNUM, 32)}","name":"ci-deploy"}`),
    },
    {
      kind: 'mapbox_secret_token',
      real: `sk.${b64u(`{"u":"acme","a":"${r(az + D, 25)}"}`)}.${r(B64U, 22)}`,
      near: `pk.${b64u(`{"u":"acme","a":"${r(az + D, 25)}"}`)}.${r(B64U, 22)}`,
    },
    { kind: 'intercom_token', real: b64(`tok:${uuid}:1:0`), near: `dG9rOA${r(ALNUM, 54)}` },
    {
      kind: 'encoded_jwt',
      real: b64(`${hdr('HS256')}.${claims}.${r(B64U, 43)}`),
      near: b64(`${hdr('none')}.${claims}.${r(B64U, 43)}`),
    },
    {
      kind: 'onepassword_service_token',
      real: `ops_${b64u(JSON.stringify(opsDoc))}`,
      near: `ops_eyJ${r(ALNUM, 150)}`,
    },
    {
      kind: 'aws_bedrock_api_key',
      real: `ABSK${b64(`BedrockAPIKey-${r(az + D, 4)}-at-${r(D, 12)}:${r(B64, 40)}`)}`,
      near: `ABSK${b64(`ServiceAPIKey-${r(az + D, 4)}-at-${r(D, 12)}:${r(B64, 40)}`)}`,
    },
    {
      kind: 'aws_bedrock_api_key',
      real: `bedrock-api-key-${b64(bedrockUrl('CallWithBearerToken'))}&Version=1`,
      near: `bedrock-api-key-${b64('bedrock.amazonaws.com/?Action=ListFoundationModels&Version=1')}`,
    },
  ];
}
