import Box from '@mui/material/Box'

/** A pellet boiler with its flame and a gauge, drawn in SVG so the screen needs no image files. */
export function BoilerIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 320 320"
      aria-hidden
      sx={{ width: '100%', maxWidth: 360, height: 'auto' }}
    >
      <defs>
        <linearGradient id="boiler-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff7ed" />
          <stop offset="1" stopColor="#fed7aa" />
        </linearGradient>
        <linearGradient id="boiler-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#c2410c" />
          <stop offset="0.6" stopColor="#f97316" />
          <stop offset="1" stopColor="#fde047" />
        </linearGradient>
      </defs>
      <circle cx="160" cy="170" r="140" fill="#ffffff" opacity="0.18" />
      <rect x="178" y="30" width="26" height="60" rx="6" fill="#7c2d12" opacity="0.7" />
      <rect x="86" y="80" width="148" height="200" rx="22" fill="url(#boiler-body)" />
      <rect x="86" y="80" width="148" height="200" rx="22" fill="none" stroke="#9a3412" strokeWidth="4" />
      <circle cx="160" cy="128" r="30" fill="#ffffff" stroke="#9a3412" strokeWidth="4" />
      <path
        d="M140 140 A 22 22 0 1 1 180 140"
        fill="none"
        stroke="#fdba74"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path d="M160 128 L174 114" stroke="#c2410c" strokeWidth="5" strokeLinecap="round" />
      <rect x="112" y="176" width="96" height="76" rx="14" fill="#431407" />
      <path
        d="M160 244 C 132 236 134 208 150 192 C 150 206 158 210 162 206 C 160 196 168 186 176 182 C 172 198 190 210 184 228 C 180 238 172 244 160 244 Z"
        fill="url(#boiler-flame)"
      />
      <rect x="60" y="280" width="200" height="10" rx="5" fill="#9a3412" opacity="0.5" />
      <circle cx="252" cy="92" r="8" fill="#fde047" />
      <circle cx="270" cy="128" r="5" fill="#ffffff" opacity="0.8" />
      <circle cx="52" cy="140" r="6" fill="#ffffff" opacity="0.7" />
    </Box>
  )
}
