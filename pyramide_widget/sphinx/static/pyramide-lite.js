// Live Pyramide tables of pyramide_widget.sphinx: start the frame on open or on the button, hide
// the REPL's prompt, and fit the frame's height to the table once it is drawn. The frame is the
// site's own JupyterLite (same origin), so this page may style and measure its document.
(() => {
  // Only the table: no prompt cell (and no split for it), no output prompt.
  const REPL_STYLE = `
    .jp-CodeConsole-input, .jp-CodeConsole .lm-SplitPanel-handle, .jp-OutputPrompt {
      display: none !important;
    }
    .jp-CodeConsole-content { top: 0 !important; height: 100% !important; }`;
  const MARGIN = 12; // px below the table

  function fit(container, root) {
    if (container.dataset.fit !== "true") return;
    const scroller = root.closest(".jp-CodeConsole-content");
    const scrolled = scroller ? scroller.scrollTop : 0;
    const box = root.getBoundingClientRect();
    const height = Math.ceil(box.top + scrolled + box.height + MARGIN);
    container.style.height = `${height}px`;
  }

  // Polled rather than told: the frame may have loaded before this script ran, and the table
  // appears only once Pyodide has started and the code has run.
  function watch(container, frame) {
    let styled = null;
    const timer = setInterval(() => {
      let doc = null;
      try {
        doc = frame.contentDocument;
      } catch {
        clearInterval(timer); // another origin: the frame keeps its height
        return;
      }
      if (!doc || !doc.head || doc.URL === "about:blank") return;
      if (styled !== doc) {
        const style = doc.createElement("style");
        style.textContent = REPL_STYLE;
        doc.head.appendChild(style);
        styled = doc;
      }
      const root = doc.querySelector(".pyr-root");
      if (!root) return;
      clearInterval(timer);
      new doc.defaultView.ResizeObserver(() => fit(container, root)).observe(root);
      fit(container, root);
      container.classList.add("pyramide-ready");
    }, 100);
  }

  function start(container, frame) {
    if (frame.dataset.src) {
      frame.src = frame.dataset.src;
      delete frame.dataset.src;
    }
    container.classList.add("pyramide-started");
  }

  for (const container of document.querySelectorAll(".pyramide-table")) {
    const frame = container.querySelector(".pyramide-frame");
    const button = container.querySelector(".pyramide-play");
    if (button) {
      button.addEventListener("click", () => {
        start(container, frame);
        watch(container, frame);
      });
    } else {
      container.classList.add("pyramide-started");
      watch(container, frame);
    }
  }
})();
