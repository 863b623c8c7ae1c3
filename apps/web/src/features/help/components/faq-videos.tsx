import OndemandVideoRounded from '@mui/icons-material/OndemandVideoRounded'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { FaqSection } from './faq-section'

// Searches rather than single videos: they keep working when one video is taken down. The query is in the
// interface's language (help.videos.queries), so an English reader finds videos in English.
const VIDEOS = ['setup', 'firstStart', 'cleaning'] as const

export function youtubeSearch(query: string): string {
  return `https://www.youtube.com/results?${new URLSearchParams({ search_query: query })}`
}

export function FaqVideos() {
  const { t } = useTranslation()
  return (
    <FaqSection title={t('help.videos.title')}>
      <Typography sx={{ color: 'text.secondary' }}>{t('help.videos.intro')}</Typography>
      <List disablePadding>
        {VIDEOS.map((key) => (
          <ListItem key={key} disableGutters>
            <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }}>
              <OndemandVideoRounded aria-hidden />
            </ListItemIcon>
            <Link
              href={youtubeSearch(t(`help.videos.queries.${key}`))}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t(`help.videos.${key}`)}
              <Typography component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>
                {` (${t('help.newTab')})`}
              </Typography>
            </Link>
          </ListItem>
        ))}
      </List>
    </FaqSection>
  )
}
