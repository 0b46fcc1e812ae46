import { Box, Button } from '@mui/material';
import { NavLink } from 'react-router';

const ABAS = [
  { sufixo: '', rotulo: 'Informações' },
  { sufixo: '/tramitacoes', rotulo: 'Movimentações' },
  { sufixo: '/pecas', rotulo: 'Peças' },
  { sufixo: '/vinculos', rotulo: 'Vínculos' },
] as const;

/** Navigation between the public views of one document (information, movements, peças, links). */
export function AbasDocumento({ documentId }: { documentId: string }) {
  const base = `/documentos/${encodeURIComponent(documentId)}`;
  return (
    <Box
      component="nav"
      aria-label="Seções do documento"
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
    >
      {ABAS.map((aba) => (
        <Button
          key={aba.sufixo}
          component={NavLink}
          to={`${base}${aba.sufixo}`}
          end
          sx={{
            borderRadius: 0,
            borderBottom: 3,
            borderColor: 'transparent',
            '&[aria-current="page"]': { borderColor: 'primary.main', fontWeight: 700 },
          }}
        >
          {aba.rotulo}
        </Button>
      ))}
    </Box>
  );
}
