// Bundles the front end's modules (src/) into the one ES module anywidget loads,
// pyramide_widget/widget/static/widget.js. The bundle is committed, so that installing the
// package needs no Node. `node build.mjs` (`npm run build`) writes it; `node build.mjs --check`
// writes nothing and fails if the committed bundle is not what the sources build.
import { build } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const OUT = fileURLToPath(new URL("../pyramide_widget/widget/static/widget.js", import.meta.url));
const BANNER = `// Generated from js/src/ (widget.js and the modules it imports) by \`npm run build --prefix js\`
// (esbuild, js/build.mjs). Do not edit it here: edit the sources, which carry the comments and
// the types, and build again.`;

/** The bundle as the sources build it. */
async function bundle() {
  const result = await build({
    absWorkingDir: HERE,
    entryPoints: ["src/widget.js"],
    bundle: true,
    format: "esm",
    target: "es2022",
    charset: "utf8",
    banner: { js: BANNER },
    write: false,
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

const built = await bundle();
if (process.argv.includes("--check")) {
  if (readFileSync(OUT, "utf8") !== built) {
    console.error(`${OUT} is not what js/src builds: run \`npm run build --prefix js\` and commit it.`);
    process.exit(1);
  }
} else {
  writeFileSync(OUT, built);
}
