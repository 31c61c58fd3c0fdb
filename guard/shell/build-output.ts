// A build's published output (`dist/`, `build/`, `public/`, a static site generator's folder), its
// test coverage reports and the app packages it builds: what a deploy copies to a bucket, a deploy
// host or a distribution service, made to be shipped. Everything else copied up is project or host
// data (docs/guard.md "Shell analysis").
import { isCredentialPath } from '../sensitive-paths.js';

const PUBLISHED =
  /^(?:\.\/)?(?:build|dist|public|out|_site|site|static|www|storybook-static|\.next\/static|\.output\/public|docs\/_build\/html|target\/site|coverage|htmlcov)(?:\/|$)/;
/** Coverage reports as the tools write them (lcov, Cobertura, Clover, JaCoCo, coverage.py, Go, Istanbul). */
const COVERAGE_REPORT =
  /^(?:\.\/)?(?:[\w.-]+\/)*(?:lcov\.info|[\w.-]*\.lcov|coverage[\w.-]*\.(?:xml|json|info|out|txt)|cobertura[\w.-]*\.xml|clover\.xml|jacoco[\w.-]*\.xml|coverage-final\.json|coveralls[\w.-]*\.json)$/;
/**
 * An app package inside a build folder at any depth (Gradle's `app/build/outputs/apk/...`,
 * Flutter's `build/app/outputs/...`, Xcode exports): the store and beta services' upload.
 */
const APP_PACKAGE =
  /^(?:\.\/)?(?:[\w.-]+\/)*(?:build|dist|out|outputs|release|artifacts)\/(?:[\w.-]+\/)*[\w.-]+\.(?:apk|aab|ipa)$/;

/** Paths a build wrote to be shipped: no `..`, dotfile or credential in them. */
function clean(path: string): boolean {
  return (
    !path.includes('..') &&
    !/\/\.(?!\/|$)/.test(path.replace(/^\.\//, '').replace(/^\.(?:next|output)\//, '')) &&
    !isCredentialPath(path)
  );
}

/** True when `path` lies in a build's published output or coverage report folder. */
export function isBuildOutput(path: string): boolean {
  return (PUBLISHED.test(path) || APP_PACKAGE.test(path)) && clean(path);
}

/** True when `path` names a coverage report file, wherever the tool wrote it. */
export function isCoverageReport(path: string): boolean {
  return COVERAGE_REPORT.test(path) && clean(path);
}

/** True when `path` is an app package (`.apk`, `.aab`, `.ipa`) in a build folder. */
export function isAppPackage(path: string): boolean {
  return APP_PACKAGE.test(path) && clean(path);
}
