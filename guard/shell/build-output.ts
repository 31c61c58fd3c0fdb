// A build's published output (`dist/`, `build/`, `public/`, a static site generator's folder):
// what a deploy copies to a bucket or a deploy host, made to be shipped. Everything else copied up
// is project or host data (docs/guard.md "Shell analysis").
import { isCredentialPath } from '../sensitive-paths.js';

const PUBLISHED =
  /^(?:\.\/)?(?:build|dist|public|out|_site|site|static|www|storybook-static|\.next\/static|\.output\/public|docs\/_build\/html|target\/site)(?:\/|$)/;

/** True when `path` lies in a build's published output, with no `..`, dotfile or credential in it. */
export function isBuildOutput(path: string): boolean {
  return (
    PUBLISHED.test(path) &&
    !path.includes('..') &&
    !/\/\.(?!\/|$)/.test(path.replace(/^\.\//, '').replace(/^\.(?:next|output)\//, '')) &&
    !isCredentialPath(path)
  );
}
