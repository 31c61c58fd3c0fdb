// A file's bytes sent through a chat API (docs/guard.md "Known gaps", uploads kept held on purpose):
// a Telegram bot or a Slack app delivers what it is given to whichever chat or channel the
// request names. A token written into the command is whoever wrote it's, not
// the user's configured one (`$SLACK_BOT_TOKEN`), so the issuer-host allowance (a credential sent to
// its own API) passes it with a constant message, never with a file.
import type { Issuer } from './issuers.js';

/**
 * Chat issuers whose API hands the request's content on to a chat the request chooses. A mail
 * sender's body is itself a file (`-d @mail.json`): its recipients are in it, not read here.
 */
const DELIVERS = new Set(['Telegram', 'Slack']);

/**
 * A file's content in the request: curl's `-F name=@FILE`, `-d @FILE`, `-T FILE`, `$(cat FILE)`, or
 * an interpreter's file read (Node `readFileSync`/`createReadStream`, Python `open`, Ruby
 * `File.read`, PowerShell `-InFile`/`Get-Content`, Go `os.ReadFile`, R `upload_file`, PHP `CURLFile`).
 */
const FILE_DATA =
  /(?:^|\s)(?:-F|--form)[\s=]+['"]?[^\s'"=]*=[@<](?!-)|(?:^|\s)(?:-d|--data(?:-binary|-raw|-ascii|-urlencode)?)[\s=]+['"]?(?:[^\s'"=]*=)?@(?!-)|(?:^|\s)(?:-T|--upload-file)[\s=]+['"]?[^\s'"-]|\$\(\s*(?:cat|base64|gzip|tar|head|tail|xxd|zip)\s|\b(?:readFileSync|readFile|createReadStream|openAsBlob|fileFrom(?:Sync)?|read_bytes|read_text|upload_file|form_file|ReadAllBytes|ReadAllText|Get-Content|InFile|file_get_contents|CURLFile|ReadFile|binread)\b|\bFile\.(?:read|open|new)\b|\bopen\s*\(\s*['"]/;

/** True when an upload to `issuer`'s host with a token written in the command carries a file. */
export function deliveredFile(issuer: Issuer, intent: string, command: string): boolean {
  return (
    intent === 'upload' &&
    DELIVERS.has(issuer.name) &&
    issuer.format?.test(command) === true &&
    FILE_DATA.test(command)
  );
}
