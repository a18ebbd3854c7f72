// The Pyramide table, the anywidget entry: draws the engine's snapshot and reports taps. It never
// decides a rule. Every part of a view is a module of its own (view.js wires them); this file is
// what anywidget loads, bundled with them into pyramide_widget/widget/static/widget.js.
/** @import { Model } from "./types.js" */
import { createView } from "./view.js";

export default {
  /** @param {{model: Model, el: HTMLElement, signal?: AbortSignal}} props */
  render({ model, el, signal }) {
    const view = createView(el, model);
    if (signal) signal.addEventListener("abort", () => view.destroy());
    return () => view.destroy();
  },
};
