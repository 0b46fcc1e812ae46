import Box from '@mui/material/Box';
import type { Trecho } from '@tramite/shared';

export interface TrechoDestacadoProps {
  /** An excerpt of a peça's page: plain text pieces, the searched words marked. */
  trecho: Trecho;
}

/**
 * An excerpt of a peça's text with the searched words highlighted (`<mark>`). The pieces are plain text, rendered as
 * React text nodes, so a page's content can never inject markup.
 */
export function TrechoDestacado({ trecho }: TrechoDestacadoProps) {
  return (
    <Box
      component="span"
      sx={{
        overflowWrap: 'anywhere',
        '& mark': { bgcolor: 'warning.light', color: 'text.primary', fontWeight: 600, px: 0.25, borderRadius: 0.5 },
      }}
    >
      {trecho.map((peca, indice) =>
        // The pieces never move: their position is their identity.
        peca.destaque ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of text pieces
          <mark key={indice}>{peca.texto}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of text pieces
          <span key={indice}>{peca.texto}</span>
        ),
      )}
    </Box>
  );
}
