import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Pagina } from '../../components/Pagina';

export function NaoEncontradoPage() {
  return (
    <Pagina titulo="Página não encontrada">
      <Typography sx={{ mb: 3 }}>
        O endereço acessado não existe ou foi alterado. Confira o endereço ou volte para a página inicial.
      </Typography>
      <Button component={RouterLink} to="/home" variant="contained" startIcon={<HomeOutlined />}>
        Voltar para o início
      </Button>
    </Pagina>
  );
}
