package dev.weft.report.dashboard;

/**
 * The dashboard's stylesheet, inline: readable at 1,400 px and at 800 px (tables scroll inside
 * their card).
 */
final class Style {

  private Style() {}

  static final String CSS =
      """
            :root{--ok:#2e7d32;--drift:#ef6c00;--na:#9e9e9e;--unreachable:#c62828;--error:#6a1b9a;--alert:#d81b60;
            --baseline:#1565c0;--bg:#f6f7f9;--card:#fff;--ink:#1d232a;--muted:#5f6b76;--line:#dde1e6}
            *{box-sizing:border-box}
            body{margin:0;padding:16px;background:var(--bg);color:var(--ink);font:14px/1.45 "DejaVu Sans",system-ui,sans-serif}
            header h1{margin:0 0 4px;font-size:22px}.inv{color:var(--muted);font-weight:normal}
            .meta{margin:0 0 12px;color:var(--muted)}
            .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:0 0 14px}
            h2{font-size:16px;margin:0 0 10px}h3{font-size:14px;margin:10px 0 4px}
            .bar{display:flex;height:18px;border-radius:4px;overflow:hidden;background:var(--line)}
            .seg{display:block;min-width:4px}
            .counts{display:flex;flex-wrap:wrap;gap:6px 18px;list-style:none;padding:0;margin:8px 0 0}
            .counts b{font-size:18px}
            .st-ok{--c:var(--ok)}.st-drift{--c:var(--drift)}.st-not-audited{--c:var(--na)}.st-unreachable{--c:var(--unreachable)}
            .st-error{--c:var(--error)}.st-alert,.st-in-sync-findings{--c:var(--alert)}.st-baseline{--c:var(--baseline)}
            .seg,.key{background:var(--c)}.counts li b{color:var(--c)}
            .key{display:inline-block;width:10px;height:10px;margin:0 4px 0 10px;border-radius:2px}
            .key.findings{background:var(--ink)}
            .legend{color:var(--muted);margin:4px 0 0}
            .trend{width:100%;max-width:900px;height:auto;display:block}.trend text{font-size:11px;fill:var(--muted)}
            .trend .axis{fill:none;stroke:var(--muted);stroke-width:1}.trend .axis-title{font-size:12px;fill:var(--ink)}
            .scroll{overflow-x:auto;max-width:100%}
            table{border-collapse:collapse;width:100%}
            th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
            thead th{position:sticky;top:0;background:var(--card);font-weight:600;white-space:nowrap}
            .grid td.cell{white-space:nowrap;color:#fff;background:var(--c);text-align:center;font-size:12px}
            .grid td.st-ok{background:#e8f5e9;color:var(--ok)}
            details.device{border-top:1px solid var(--line);padding:6px 0}
            summary{cursor:pointer;font-weight:600}summary small{color:var(--muted);font-weight:normal}
            .findings td{font-size:13px}.findings td:nth-child(4) code,.findings td:nth-child(5) code{word-break:normal}.findings pre{margin:2px 0 0;white-space:pre-wrap;color:var(--muted)}
            .sev-error td:nth-child(2){color:var(--unreachable);font-weight:600}.sev-warning td:nth-child(2){color:var(--drift)}
            code{font:12px/1.4 "DejaVu Sans Mono",monospace;word-break:break-word}
            .seen li{margin:2px 0}.rules dt{font-weight:600;margin-top:10px}.rules dd{margin:2px 0 0 0}
            .rules dt:target{background:#fff8e1}
            details.diff{margin:8px 0 0;border:1px solid var(--line);border-radius:6px;padding:4px 8px;background:#fbfbfc}
            details.diff summary{font-weight:normal}.note{color:var(--muted);margin:6px 0}
            pre.diff{margin:6px 0 0;max-height:420px;overflow:auto;max-width:100%;font:12px/1.4 "DejaVu Sans Mono",monospace}
            .d-add{background:#e6ffec;color:#116329}.d-del{background:#ffebe9;color:#82071e}
            .d-hunk{color:#0550ae}.d-file{color:var(--muted);font-weight:600}
            a{color:#0b57d0}
            @media (max-width:900px){body{padding:8px;font-size:13px}.card{padding:10px}.findings td:last-child{min-width:240px}}
            """;
}
