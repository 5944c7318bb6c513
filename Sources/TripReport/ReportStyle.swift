/// The report's stylesheet, inline so the file stands alone: a light, print-friendly page in the
/// system's sans-serif, one column at most 820 px wide. The map's background colour is not used
/// here (it is the map's own rect), so the map can be found on a screenshot by it.
enum ReportStyle {
    static let css = """
    :root{color-scheme:light}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;background:#ffffff;color:#1f2328;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    main{max-width:820px;margin:0 auto;padding:28px 20px 36px}
    header .kicker{margin:0;color:#6b7075;font-size:13px;letter-spacing:.06em;text-transform:uppercase}
    h1{margin:2px 0 4px;font-size:28px;line-height:1.2;font-weight:650}
    h2{margin:34px 0 10px;padding-bottom:4px;border-bottom:1px solid #e3e5e8;font-size:17px;font-weight:650}
    p{margin:6px 0}
    .sub{margin:0;color:#4f555b}
    .muted{color:#6b7075;font-size:13px}
    .notes{margin:16px 0 0;padding:10px 14px 10px 30px;background:#fff7e0;border:1px solid #ecd9a0;border-radius:6px;color:#4d3d00;font-size:14px}
    .notes li{margin:2px 0}
    .missing{padding:10px 14px;background:#fff7e0;border:1px solid #ecd9a0;border-radius:6px;color:#4d3d00;font-size:14px}
    table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
    th,td{padding:6px 12px 6px 0;border-bottom:1px solid #eceef0;text-align:left;vertical-align:baseline}
    thead th{color:#5b6168;font-size:13px;font-weight:600;border-bottom:1px solid #d5d8dc}
    .figures th{width:38%;font-weight:500;color:#3d4248}
    .figures td.value{width:22%;font-weight:650;white-space:nowrap}
    .figures td.note{color:#6b7075;font-size:13px}
    td.num,th.num{width:3.5em;text-align:right;padding-right:14px}
    td.time,th.time{white-space:nowrap;width:7em}
    td.what{white-space:nowrap}
    .sym{display:inline-block;vertical-align:-2px;margin-right:6px}
    .not-reached{color:#8a8f94}
    svg.map,svg.timeline{display:block;width:100%;max-width:760px;height:auto}
    svg.map{border:1px solid #d8d4c8;border-radius:6px}
    svg text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    .legend{display:flex;flex-wrap:wrap;gap:6px 18px;margin:10px 0 0;padding:0;list-style:none;font-size:13px;color:#3d4248}
    .legend li{display:flex;align-items:center}
    .swatch{display:inline-block;width:24px;height:4px;margin-right:7px;border-radius:2px}
    .swatch.route{height:8px;border-radius:4px}
    footer{margin-top:36px;padding-top:10px;border-top:1px solid #e3e5e8;color:#6b7075;font-size:13px}
    @media print{main{max-width:none;padding:0}h2{break-after:avoid}svg{break-inside:avoid}}
    """
}
