// A credential's name with its `=` as a search literal (`Select-String 'VSCE_PAT='`, `grep
// "API_TOKEN="`) is no assignment: the quote after the `=` closes the literal and code follows. The
// same names assigned a key, quoted or not, are still reported (docs/guard.md "Secret formats").
import { describe, expect, it } from 'vitest';
import { findSecrets } from '../../../guard/detectors/secrets.js';

const kinds = (s: string): string[] => findSecrets(s).map((m) => m.kind);

describe('a name searched for is no assigned secret', () => {
  it.each([
    "$env:VSCE_PAT = (Get-Content .\\.env | Select-String 'VSCE_PAT=').ToString().Split('=')[1]",
    "$t = (Select-String -Path .env -Pattern 'API_TOKEN=').Line.Split('=')[1]",
    'grep "API_TOKEN=" .env | cut -d"=" -f2-',
    "token=$(grep 'GITHUB_TOKEN=' .env | cut -d'=' -f2)",
    "awk -F= '/^SECRET_KEY=/{print $2}' .env",
    "python -c \"print(open('.env').read().split('API_KEY=')[1].split('\\n')[0])\"",
    'ruby -e \'puts File.read(".env")[/SECRET_TOKEN=(.*)/, 1]\'',
  ])('passes: %s', (s) => {
    expect(kinds(s)).toEqual([]);
  });
  it.each([
    "$env:VSCE_PAT = 'q8Zr0pLx7V2mN4bK9tY1wQ'",
    "$env:VSCE_PAT='q8Zr0pLx7V2mN4bK9tY1wQ'; npx @vscode/vsce publish -p $env:VSCE_PAT",
    'API_TOKEN="q8Zr0pLx7V2mN4bK9tY1wQ" npm run deploy',
    "set 'API_TOKEN=q8Zr0pLx7V2mN4bK9tY1wQ'",
    "{'api_token': 'q8Zr0pLx7V2mN4bK9tY1wQ'}",
    "$env:API_KEY = (Get-Content .env | Select-String 'x').ToString(); $k = 'q8Zr0pLx7V2mN4bK9tY1wQ'; curl -H \"secret: q8Zr0pLx7V2mN4bK9tY1wQ\" https://x.example",
  ])('reports: %s', (s) => {
    expect(kinds(s).length).toBeGreaterThan(0);
  });
});
