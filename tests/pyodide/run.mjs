// Runs a Python file of this repository in Pyodide under Node, offline: the pinned npm package
// `pyodide` (js/node_modules/pyodide, js/package-lock.json), the repository mounted at /repo
// (NODEFS) and its package at /site/pyramide_widget, first on sys.path, so that
// `import pyramide_widget` imports the checkout as it is (the repository's own top level stays
// off sys.path: its folder js/ would hide Pyodide's module js).
//
//     node tests/pyodide/run.mjs [--mount HOST_FOLDER:/GUEST_FOLDER]... FILE [arguments...]
//
// FILE (relative to the repository) runs as __main__ with its arguments in sys.argv; an exception
// exits with status 1. --mount shows another folder of the host inside (a fresh build, say).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const indexURL = path.join(root, "js", "node_modules", "pyodide") + path.sep;
if (!fs.existsSync(path.join(indexURL, "pyodide.mjs"))) {
  console.error(`no Pyodide at ${indexURL}: run npm ci --prefix js`);
  process.exit(2);
}
const argv = process.argv.slice(2);
const mounts = [];
while (argv[0] === "--mount") {
  const [host, guest] = argv[1].split(":");
  mounts.push({ host, guest });
  argv.splice(0, 2);
}
const [script, ...args] = argv;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.FS.mkdirTree("/site/pyramide_widget");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.join(root, "pyramide_widget") }, "/site/pyramide_widget");
for (const { host, guest } of mounts) {
  pyodide.FS.mkdirTree(guest);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, guest);
}
pyodide.globals.set("script_arguments", pyodide.toPy([path.posix.join("/repo", script), ...args]));
try {
  pyodide.runPython(`
import runpy, sys
sys.path.insert(0, "/site")
sys.argv = list(script_arguments)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
