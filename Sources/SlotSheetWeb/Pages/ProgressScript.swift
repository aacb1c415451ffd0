/// The only script of the web front: while an upload is read, it asks for the rows read every
/// second and moves the progress bar, then reloads the page when reading is done. Without it the
/// page refreshes itself (`<noscript>` refresh), so nothing depends on it.
enum ProgressScript {
    static let source = """
        (function () {
          var box = document.querySelector('[data-progress-url]');
          if (box) {
            var bar = box.querySelector('progress'), text = box.querySelector('[data-rows]');
            var tick = function () {
              fetch(box.getAttribute('data-progress-url'), { credentials: 'same-origin' })
                .then(function (r) { return r.json(); })
                .then(function (p) {
                  if (p.state !== 'reading') { window.location.reload(); return; }
                  if (p.total > 0) { bar.max = p.total; bar.value = p.rows; }
                  text.textContent = p.text;
                  setTimeout(tick, 1000);
                })
                .catch(function () { setTimeout(tick, 3000); });
            };
            setTimeout(tick, 500);
          }
        })();
        """
}
