// `openssl x509 -in certs/localhost.pem -noout -subject -dates`: the openssl commands that print a
// certificate's, a request's or a revocation list's public fields, or check a server's chain
// (openssl-x509(1), openssl-req(1), openssl-s_client(1)). A `.pem` read there is a certificate; a
// file named as a key stays a read, as do `rsa`, `pkey`, `ec` and `pkcs12` (they print keys)
// (docs/guard.md "Credential routing").

/** Subcommands that print certificates, requests or revocation lists, never a private key. */
const PUBLIC_SUBCOMMAND = /^(?:x509|req|crl|crl2pkcs7|verify|s_client|s_time)$/;
/** Options whose value is a certificate, a chain or a request read by those subcommands. */
const CERT_OPTION = /^-(?:in|CAfile|cert|untrusted|trusted|chain|cert_chain)$/;
/** Options that hand a private key in (`-signkey`, `-CAkey`, `-key`): the command reads a key. */
const KEY_OPTION = /^-(?:signkey|CAkey|key|keyform|passin)$/;
/** A file named as a private key (`key.pem`, `server-key.pem`, `privkey.pem`, `tls.key`). */
const KEY_NAME =
  /(?:^|[/._-])(?:priv(?:ate)?[-_]?key|privkey|key|id_(?:rsa|ed25519|ecdsa|dsa))(?:[._-][^/]*)?$|\.key$/i;

/** True when `argv[i]` is the certificate an openssl command prints the public fields of. */
export function certificatePrinted(argv: readonly string[], i: number): boolean {
  if (argv[0] !== 'openssl' || !PUBLIC_SUBCOMMAND.test(argv[1] ?? '')) return false;
  if (argv.some((a) => KEY_OPTION.test(a))) return false;
  const path = argv[i] ?? '';
  const prev = argv[i - 1] ?? '';
  // `openssl verify -CAfile ca.pem server.pem`: verify's operands are the certificates checked
  const operand = argv[1] === 'verify' && !prev.startsWith('-');
  return (CERT_OPTION.test(prev) || operand) && !KEY_NAME.test(path);
}
