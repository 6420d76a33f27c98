/**
 * A `.ts` plugin loads as an ES module from any folder. Node's type stripping takes a `.ts` file's module
 * format from the nearest package.json like a `.js` file's: in a folder whose package.json says nothing it
 * re-parses the file with a MODULE_TYPELESS_PACKAGE_JSON warning, and under `"type": "commonjs"` (or a
 * parent project's CommonJS package.json) the plugin's `import` fails. Plugins are ES modules
 * (docs/add-a-task.md), so the loader tells Node so for the `.ts` files in a plugin's folder (the plugin and
 * the files it imports from beside it), never for anything under node_modules.
 */
import * as nodeModule from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const pluginFolders = new Set<string>();
let hooked = false;

/** Marks the folder of a `.ts` plugin about to be imported; its `.ts` files then load as ES modules. */
export function loadTypeScriptAsModule(path: string): void {
  if (!path.endsWith('.ts')) return;
  pluginFolders.add(pathToFileURL(dirname(path)).href + '/');
  // Node without synchronous module hooks (older than 22.15) keeps its own rules; the load error then says what to do.
  // A namespace import, since a named import of a missing export would stop the whole CLI from loading there.
  const registerHooks = (nodeModule as Partial<typeof nodeModule>).registerHooks;
  if (hooked || typeof registerHooks !== 'function') return;
  hooked = true;
  registerHooks({
    load(url, context, nextLoad) {
      const inPlugin = url.endsWith('.ts') && !url.includes('/node_modules/') && [...pluginFolders].some((folder) => url.startsWith(folder));
      return nextLoad(url, inPlugin ? { ...context, format: 'module-typescript' } : context);
    },
  });
}
