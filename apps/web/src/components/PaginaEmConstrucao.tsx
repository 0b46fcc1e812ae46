import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { Pagina } from './Pagina';

interface PaginaEmConstrucaoProps {
  titulo: string;
  /** What the screen will do, shown under the title. */
  descricao?: ReactNode;
  /** Content shown above the notice (e.g. the document tabs). */
  children?: ReactNode;
}

/** Placeholder for screens that later issues fill in. */
export function PaginaEmConstrucao({ titulo, descricao, children }: PaginaEmConstrucaoProps) {
  return (
    <Pagina titulo={titulo} descricao={descricao}>
      {children}
      <Alert severity="info" icon={<ConstructionOutlined />} data-testid="pagina-em-construcao">
        Esta tela está em construção e estará disponível em breve.
      </Alert>
    </Pagina>
  );
}
