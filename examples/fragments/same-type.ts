/**
 * `Same<A, B>` is `true` only when each type is assignable to the other. A fragment that restates a
 * package interface in a doc declares `const …: Same<DocCopy, Package> = true`, so the type check fails
 * when the package's interface and the doc's copy part ways (a renamed member, a changed signature).
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
